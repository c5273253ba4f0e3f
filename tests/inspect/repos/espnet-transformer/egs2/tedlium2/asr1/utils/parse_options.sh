#!/usr/bin/env bash
# Sourced by recipe scripts: each `--some-name value` (or --some_name value) on the command line sets
# the shell variable some_name, which must already exist; later options win.
while true; do
    [ -z "${1:-}" ] && break
    case "$1" in
    --*=*) echo "$0: options take the form --name value" 1>&2; exit 1 ;;
    --*) name=$(echo "$1" | sed s/^--// | sed s/-/_/g)
        eval '[ -z "${'"$name"'+xxx}" ]' && echo "$0: invalid option $1" 1>&2 && exit 1
        eval "$name=\"$2\""
        shift 2 ;;
    *) break ;;
    esac
done
true
