"""The only layer that opens sockets or calls ftplib.

It moves bytes between a socket and a :mod:`urlinspector.schemes` object and owns
timeouts, size caps and cancellation.  It never imports Qt: the GUI runs it on a worker
thread and hears back through signals.
"""
