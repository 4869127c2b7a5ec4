#!/bin/sh
# Restores an archive of backup.sh into an EMPTY database (docs/deploy.md, "Restore").
#
#   restore.sh DUMP [DATABASE_URL]
#
# DATABASE_URL: the database to fill (default: DATABASE_URL, else the line in $QPAAS_ENV_FILE, /etc/qpaas/env),
# connecting as the platform's owner role, the one the servers run migrations as: every object restored is owned
# by that role (--no-owner), whoever owned it where the archive was made. The database must exist and be empty;
# create it with `createdb -O <owner> <name>`. Restoring over live data is refused: restore beside it, check,
# then point the servers at the restored one (or rename the databases while the servers are stopped).
#
# Roles live outside a database: the app role `qpaas_app` is created here when missing (as the server's own
# start would), so the archive's grants to it apply. One transaction: a failure leaves the database empty.
set -eu

die() { echo "restore.sh: $*" >&2; exit 1; }

env_file_url() {
  file=${QPAAS_ENV_FILE:-/etc/qpaas/env}
  [ -r "$file" ] || return 0
  sed -n 's/^[[:space:]]*DATABASE_URL[[:space:]]*=[[:space:]]*//p' "$file" | tail -n 1 | sed "s/^[\"']//; s/[\"']\$//"
}

[ $# -ge 1 ] || die "usage: restore.sh DUMP [DATABASE_URL]"
dump=$1
[ -r "$dump" ] || die "cannot read $dump"
url=${2:-${DATABASE_URL:-$(env_file_url)}}
[ -n "$url" ] || die "no target database: give DATABASE_URL as the second argument"

bin=${PG_BIN:+$PG_BIN/}
for tool in pg_restore psql; do
  command -v "${bin}$tool" >/dev/null 2>&1 || die "${bin}$tool not found (apt-get install postgresql-client, or set PG_BIN)"
done
"${bin}pg_restore" --list "$dump" >/dev/null || die "$dump is not an archive of pg_dump --format=custom"

export PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning"
sql() { "${bin}psql" --no-psqlrc --quiet --tuples-only --no-align --set=ON_ERROR_STOP=1 --dbname="$url" --command="$1"; }

tables=$(sql "select count(*) from pg_tables where schemaname = 'public'")
[ "$tables" = 0 ] || die "the target database already has $tables tables: restore into an empty database"

# What migrate.ts's ensureAppRole does at a server's start: the role, and the owner's right to switch to it.
sql "do \$\$ begin
  if not exists (select 1 from pg_roles where rolname = 'qpaas_app') then
    create role qpaas_app nologin nosuperuser nobypassrls noinherit;
  end if;
  if not (select rolsuper from pg_roles where rolname = current_user) then
    execute 'grant qpaas_app to ' || quote_ident(current_user);
  end if;
end \$\$"

# pg_restore runs with an empty search_path, so a generated column whose function names another function
# unqualified fails in its COPY (users.name_initials: org_name_initials calls org_pinyin_map). Between the schema
# and the data, such functions get the search path their schema has at run time. The three sections go to ONE
# psql session between BEGIN and a COMMIT written only once all three were read: a failure anywhere, or an archive
# that stops short, ends the session inside the transaction, which PostgreSQL rolls back.
fix_functions="do \$\$ declare f pg_catalog.regprocedure; begin
  for f in select distinct p.oid::pg_catalog.regprocedure from pg_catalog.pg_attrdef a
      join pg_catalog.pg_attribute c on c.attrelid = a.adrelid and c.attnum = a.adnum and c.attgenerated <> ''
      join pg_catalog.pg_depend d on d.classid = 'pg_catalog.pg_attrdef'::pg_catalog.regclass and d.objid = a.oid
      join pg_catalog.pg_proc p on d.refclassid = 'pg_catalog.pg_proc'::pg_catalog.regclass and p.oid = d.refobjid
      join pg_catalog.pg_namespace n on n.oid = p.pronamespace and n.nspname = 'public'
      where p.proconfig is null loop
    execute pg_catalog.format('alter function %s set search_path = public, pg_temp', f);
  end loop;
end \$\$;"

started=$(date +%s)
{
  echo 'begin;'
  "${bin}pg_restore" --no-owner --section=pre-data --file=- "$dump" &&
    echo "$fix_functions" &&
    "${bin}pg_restore" --no-owner --section=data --file=- "$dump" &&
    "${bin}pg_restore" --no-owner --section=post-data --file=- "$dump" &&
    echo 'commit;'
} | "${bin}psql" --no-psqlrc --quiet --set=ON_ERROR_STOP=1 --dbname="$url" >/dev/null
[ "$(sql "select count(*) from pg_tables where schemaname = 'public'")" != 0 ] || die "nothing was restored (see the errors above)"
# Fresh statistics: the lists' counts and the planner read them. An owner may analyze only its own tables: the
# system catalogs' warnings about the others say nothing.
sql "set client_min_messages = error; analyze"
echo "restore.sh: $dump restored ($(sql "select count(*) from pg_tables where schemaname = 'public'") tables, $(($(date +%s) - started)) s)"
