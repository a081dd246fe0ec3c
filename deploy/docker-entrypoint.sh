#!/bin/sh
# The image's entrypoint: runs the command it is given (the app by default, a worker or a CLI in
# docker-compose.yml). Before it, an embedded database's first start takes the image's initialised
# and migrated template (made at build time, see the Dockerfile) instead of an initdb and every
# migration. Only where the embedded database is used: no DATABASE_URL and a DATA_DIR this user
# can write (the inspector's user cannot, and skips this) that holds no database yet.
set -eu
data="${DATA_DIR:-/data}"
if [ -z "${DATABASE_URL:-}" ] && [ -d /app/template/pgdata ] && [ -w "$data" ] && [ ! -e "$data/pgdata" ]; then
  # NOTE: copied beside and renamed, so a start killed mid-copy leaves no half database behind.
  rm -rf "$data/pgdata.template"
  cp -a /app/template/pgdata "$data/pgdata.template"
  mv "$data/pgdata.template" "$data/pgdata"
fi
exec "$@"
