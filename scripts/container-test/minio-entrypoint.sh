#!/bin/sh
set -eu
case "${1:-}" in
  server) exec minio "$@" ;;
esac
exec "$@"
