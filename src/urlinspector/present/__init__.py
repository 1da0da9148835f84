"""What both front ends show, computed once without Qt: the colour role and overlays
of every character of a URL (:mod:`.colouring`) and how a password is masked
(:mod:`.masking`).  The GUI turns roles into Qt formats, the command line into ANSI
colours; both take them from :mod:`urlinspector.palette`."""
