"""Scheme handlers, sans-IO: what a URL of each scheme means on the wire.

One package per protocol.  Each knows its scheme's URL semantics (from the specs) and its
wire format: it builds requests as bytes and turns the bytes it is given into events.  It
never opens a socket; :mod:`urlinspector.net` moves the bytes.
"""
