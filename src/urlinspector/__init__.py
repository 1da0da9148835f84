"""urlinspector: a URL inspector and browser-style address bar."""

__version__ = "0.1.0"
