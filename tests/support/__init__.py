"""What the tests share: ports for servers (:mod:`.ports`), the fake servers, each
written once (:mod:`.servers`, the FTP dialogue in :mod:`.fake_ftp`), the CI rule for
a missing server (:mod:`.ci`) and waiting for what another thread or process does
(:mod:`.waiting`)."""
