# The schemathesis version CI pins, read by schemathesis.sh and install.sh.
ST_VERSION=4.32.5
