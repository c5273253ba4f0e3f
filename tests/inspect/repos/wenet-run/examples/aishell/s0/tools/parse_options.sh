#!/bin/bash
# turns --name value (or --name=value) into the shell variable name=value when the variable exists
while true; do
  [ -z "${1:-}" ] && break
  case "$1" in
  --*=*) name=$(echo "$1" | sed s/^--// | sed s/=.*// | sed s/-/_/g); value=$(echo "$1" | sed s/^[^=]*=//)
     eval "$name=\"$value\""; shift 1 ;;
  --*) name=$(echo "$1" | sed s/^--// | sed s/-/_/g)
     eval "$name=\"$2\""; shift 2 ;;
  *) break ;;
  esac
done
true
