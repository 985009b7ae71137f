#!/usr/bin/env bash
# One PostgreSQL backup of the LIMS database: pg_dump's custom format (one consistent snapshot, safe while the
# API runs; docs/operations.md "Data and backups") into $BACKUP_DIR as lims-<UTC date and time>.dump, written as
# .partial and renamed when complete, then dumps older than $BACKUP_KEEP_DAYS days are removed.
# lims-backup.service runs it nightly with /etc/lims/lims.env; deploy/smoke.sh runs it in CI and restores the dump.
set -euo pipefail
: "${DATABASE_URL:?DATABASE_URL is required (the database to dump)}"
BACKUP_DIR="${BACKUP_DIR:-/var/backups/lims}"
BACKUP_KEEP_DAYS="${BACKUP_KEEP_DAYS:-14}"
case "$BACKUP_KEEP_DAYS" in '' | *[!0-9]*)
  echo "backup: BACKUP_KEEP_DAYS must be a whole number of days, got '$BACKUP_KEEP_DAYS'" >&2
  exit 2
  ;;
esac

umask 077
mkdir -p "$BACKUP_DIR"
file="$BACKUP_DIR/lims-$(date -u +%Y-%m-%dT%H%M%SZ).dump"
trap 'rm -f "$file.partial"' EXIT
pg_dump --format=custom --no-password --dbname="$DATABASE_URL" --file="$file.partial"
mv "$file.partial" "$file"
trap - EXIT
echo "backup: wrote $file ($(stat -c %s "$file") bytes)"

# Only complete dumps of this script's naming are pruned; the newest one is never removed.
if [ "$BACKUP_KEEP_DAYS" -gt 0 ]; then
  find "$BACKUP_DIR" -maxdepth 1 -type f -name 'lims-*.dump' -mtime +"$BACKUP_KEEP_DAYS" ! -path "$file" -print -delete |
    sed 's/^/backup: removed /'
fi
