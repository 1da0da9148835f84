#!/bin/sh
# The Debian 12 packages the test suite needs, installed as root:
#  - what PySide6's offscreen Qt loads, and a font so text renders;
#  - the real servers the integration tests start on 127.0.0.1: gophernicus
#    (run through socat), INN 2 (its own instance per test session), and
#    openssl for the TLS tests; vsftpd (its own foreground instances, with TLS,
#    for the ftps and AUTH TLS tests);
#  - curl and lynx, which the gopher tests compare against (curl brings libcurl4,
#    libcurl.so.4, whose URL API the curl reader of core/readers calls);
#  - chromium, headless, which opens the HTML report of `urlinspector scan` and reads
#    its numbers back (--dump-dom);
#  - valgrind, whose callgrind counts the instructions of a download's start-up in the
#    download benchmark (tests/benchmarks/bench_download.py);
#  - what PyICU (a dependency: the look-alike checks) builds against from its source
#    distribution: ICU's headers, pkg-config, a C++ compiler and Python's headers.
# pyftpdlib and pygopherd come from PyPI with the test extras.
set -e
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y python3-venv python3-dev libicu-dev pkg-config g++ \
    libegl1 libgl1 libxkbcommon0 libfontconfig1 libdbus-1-3 libglib2.0-0 fonts-dejavu-core \
    gophernicus socat openssl curl lynx inn2-inews vsftpd chromium valgrind
# inn2's setup fails on a host whose name has no domain: give inn.conf one first
grep -q '^domain:' /etc/news/inn.conf || echo 'domain: localdomain' >> /etc/news/inn.conf
apt-get install -y inn2
