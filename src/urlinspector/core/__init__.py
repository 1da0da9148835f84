"""The URL core: parsing under each edition of the specs, escapes, diagnostics.

Standard library (plus ``idna``) only: no sockets, threads, files or Qt.
"""
