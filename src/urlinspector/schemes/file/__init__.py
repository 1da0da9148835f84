"""file (RFC 1738 §3.10), sans-IO: which local path a file URL names, and the URL of a
local path.  Reading the file is :mod:`urlinspector.net.file`'s job.

>>> from urlinspector.core import parse
>>> from urlinspector.schemes.file import file_target
>>> file_target(parse("file:///etc/motd")).path
PosixPath('/etc/motd')
"""

from urlinspector.schemes.file.url import FileTarget, file_target, file_url

__all__ = ["FileTarget", "file_target", "file_url"]
