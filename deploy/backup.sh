#!/bin/sh
# A logical backup of the platform's database in pg_dump's custom format (docs/deploy.md, "Backups").
# Every uploaded file and export result is a row (forms_file, chat_file, forms_export_part, …), so this one
# archive holds them, consistent with the records as of one snapshot.
#
#   backup.sh [TARGET]
#
# TARGET: a file (…/name.dump), or a directory where qpaas-YYYYmmdd-HHMMSS.dump is written and only the newest
# BACKUP_KEEP (default 14) are kept; default $BACKUP_DIR, else /var/backups/qpaas.
#
# Connects to BACKUP_DATABASE_URL, else DATABASE_URL, else the DATABASE_URL line of $QPAAS_ENV_FILE
# (/etc/qpaas/env). The tables FORCE row-level security, so the role must be a superuser or bypass it: the
# owner in DATABASE_URL cannot dump them. Use the qpaas_backup role of docs/deploy.md (BYPASSRLS, pg_read_all_data).
# pg_dump's major version must be at least the server's: PG_BIN (e.g. /usr/lib/postgresql/17/bin) picks one.
set -eu

die() { echo "backup.sh: $*" >&2; exit 1; }

env_file_url() {
  file=${QPAAS_ENV_FILE:-/etc/qpaas/env}
  [ -r "$file" ] || return 0
  sed -n 's/^[[:space:]]*DATABASE_URL[[:space:]]*=[[:space:]]*//p' "$file" | tail -n 1 | sed "s/^[\"']//; s/[\"']\$//"
}

url=${BACKUP_DATABASE_URL:-${DATABASE_URL:-$(env_file_url)}}
[ -n "$url" ] || die "no database: set BACKUP_DATABASE_URL or DATABASE_URL (or DATABASE_URL in ${QPAAS_ENV_FILE:-/etc/qpaas/env})"

bin=${PG_BIN:+$PG_BIN/}
command -v "${bin}pg_dump" >/dev/null 2>&1 || die "${bin}pg_dump not found (apt-get install postgresql-client, or set PG_BIN)"

target=${1:-${BACKUP_DIR:-/var/backups/qpaas}}
case $target in
  *.dump) dir=$(dirname "$target"); file=$target ;;
  *) dir=$target; file=$target/qpaas-$(date -u +%Y%m%d-%H%M%S).dump ;;
esac
mkdir -p "$dir"
umask 077 # the archive holds every space's data, password hashes and sealed secrets

partial=$file.partial
trap 'rm -f "$partial"' EXIT INT TERM
started=$(date +%s)
# --lock-wait-timeout: never queue behind a migration's lock for long (and hold up requests behind us).
"${bin}pg_dump" --format=custom --lock-wait-timeout=60s --file="$partial" --dbname="$url"
# An archive that does not list is not a backup.
"${bin}pg_restore" --list "$partial" >/dev/null || die "the archive $partial does not read back"
mv "$partial" "$file"
trap - EXIT INT TERM

if [ "$file" != "$target" ]; then
  keep=${BACKUP_KEEP:-14}
  # Names sort by time; drop all but the newest $keep.
  ls -1 "$dir"/qpaas-*.dump 2>/dev/null | sort -r | tail -n +"$((keep + 1))" | while read -r old; do rm -f "$old"; done
fi
echo "backup.sh: $file ($(wc -c <"$file") bytes, $(($(date +%s) - started)) s)"
