"""What the tests share: ports for servers (:mod:`.ports`), the CI rule for a missing
server (:mod:`.ci`) and waiting on a deadline for what another thread or process does
(:mod:`.waiting`)."""
