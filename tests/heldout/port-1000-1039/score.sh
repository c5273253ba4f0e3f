#!/bin/bash
# score.sh MAPLE [BATCHDIR] -- scores maple on the port21 blind batch (reading, ports, verify).
# Needs bash and jq. Prints per-item failures, then a summary.
set -u
MAPLE=${1:?usage: score.sh MAPLE [BATCHDIR]}
BATCH=${2:-$(cd "$(dirname "$0")" && pwd)}
SCRIPTS="$BATCH/scripts"
PORTS="$BATCH/ports.tsv"
command -v jq >/dev/null || { echo "score.sh: jq is required" >&2; exit 2; }
[ -x "$MAPLE" ] || { echo "score.sh: $MAPLE is not executable" >&2; exit 2; }
TMP=$(mktemp -d "${TMPDIR:-/tmp}/port21-score.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
TO1() { if command -v timeout >/dev/null; then timeout 20 "$@"; else "$@"; fi; }
# Exit 126/127 means maple could not be started at all (e.g. "Text file busy" while the binary is
# being relinked); retry a few times so a concurrent rebuild is not scored as a maple failure.
TO() { local rc i; for i in 1 2 3 4 5; do TO1 "$@"; rc=$?; { [ $rc -eq 126 ] || [ $rc -eq 127 ]; } || return $rc; sleep 3; done; return $rc; }

# Two writer conventions are equal (tests/heldout/README.md): an argument "$X" (or "${X}") equals the
# constant the script assigns to X (a value with blanks, used unquoted, is its words; X=${X:-4} gives 4,
# the value when the environment sets none), and a script path equals its basename. consts SCRIPT prints
# {NAME: value} for each variable the script assigns at the top level only (no indentation; the last
# value), to a constant: literal text or other such constants, no command output.
consts() {
  awk '
    /^(export[ \t]+)?[A-Za-z_][A-Za-z0-9_]*=/ {
      line = $0; sub(/^export[ \t]+/, "", line)
      eq = index(line, "="); name = substr(line, 1, eq - 1); rest = substr(line, eq + 1)
      c = substr(rest, 1, 1)
      if (c == "\"") { e = index(substr(rest, 2), "\""); if (!e) next; val = substr(rest, 2, e - 1); tail = substr(rest, e + 2) }
      else if (c == "\047") { e = index(substr(rest, 2), "\047"); if (!e) next; val = substr(rest, 2, e - 1); tail = substr(rest, e + 2) }
      else if (c == "(") next
      else { match(rest, /^[^ \t;#]*/); val = substr(rest, 1, RLENGTH); tail = substr(rest, RLENGTH + 1) }
      if (val ~ /^\$\{[A-Za-z_][A-Za-z0-9_]*:?-[^}$`]*\}$/) { sub(/^\$\{[A-Za-z_][A-Za-z0-9_]*:?-/, "", val); sub(/\}$/, "", val) }
      if (tail !~ /^[ \t]*(#.*)?$/ || val ~ /[`\t\\]|\$\(|\$\{[A-Za-z_0-9]*[:#%\/]/) bad[name] = 1
      v[name] = val
    }
    /^[ \t]+(export[ \t]+)?[A-Za-z_][A-Za-z0-9_]*=/ { l = $0; sub(/^[ \t]+(export[ \t]+)?/, "", l); sub(/=.*/, "", l); bad[l] = 1 }
    /^[ \t]*(read|for|getopts)[ \t]/ { for (i = 2; i <= NF; i++) bad[$i] = 1 }
    END { for (n in v) if (!(n in bad)) printf "%s\t%s\n", n, v[n] }' "$1" |
  jq -R -n '[inputs | split("\t") | {(.[0]): (.[1] // "")}] | add // {}'
}
# jq: each $X / ${X} of a constant replaced by its value (up to 5 levels), the others written $X
read -r -d '' NORM <<'JQ'
def expand($m): reduce range(5) as $_ (.;
  gsub("\\$(?<b>\\{?)(?<n>[A-Za-z_][A-Za-z0-9_]*)(?<c>\\}?)";
       if ($m[.n] != null) and ((.b == "") == (.c == "")) then $m[.n] else "$" + .n + (if .b == "" then .c else "" end) end));
def args($m): [ .[] | expand($m) | splits("[ \t]+") | select(. != "") ];
def script($m): expand($m) | sub(".*/"; "");
JQ

total=0; readok=0
correct=0; falsealarm=0; planted=0; caught=0
for exp in "$SCRIPTS"/*.expect.json; do
  base=$(basename "$exp" .expect.json)
  s="$SCRIPTS/$base.sh"
  total=$((total+1))
  # ---- 1. reading
  TO "$MAPLE" extract --json --script "$s" > "$TMP/ex.json" 2> "$TMP/ex.err"
  if [ ! -s "$TMP/ex.json" ] || ! jq -e . "$TMP/ex.json" >/dev/null 2>&1; then
    echo "READ   $base: extract gave no JSON ($(head -c 200 "$TMP/ex.err"))"
  else
    consts "$s" > "$TMP/consts.json"
    got=$(jq -c '{cluster: .request.cluster, framework: .request.framework,
                  strategy: (.reading.strategy // .request.strategy),
                  script: .request.script, args: (.request.script_args // []),
                  nodes: .request.nodes, gpus_per_node: .request.gpus_per_node}' "$TMP/ex.json")
    bad=$(jq -n -c --argjson g "$got" --slurpfile e "$exp" --slurpfile m "$TMP/consts.json" "$NORM"'
      $e[0] as $x
      | [ "cluster","framework","strategy","script","args","nodes","gpus_per_node"][]
      | . as $k
      | select( ($x[$k] // null) != ($g[$k] // null) and
                (($k == "args" and (($x[$k] // []) == ($g[$k] // []))) | not) and
                (($k == "args" and (($x[$k] // []) | args($m[0])) == (($g[$k] // []) | args($m[0]))) | not) and
                (($k == "script" and ($x[$k] | type) == "string" and ($g[$k] | type) == "string" and
                  ($x[$k] | script($m[0])) == ($g[$k] | script($m[0]))) | not) )
      | "\($k): want \($x[$k] | tojson) got \($g[$k] | tojson)"' 2>&1) || bad="(jq failed comparing) $bad"
    if [ -z "$bad" ]; then readok=$((readok+1)); else
      echo "READ   $base:"; printf '%s\n' "$bad" | sed 's/^"//; s/"$//; s/^/         /'
    fi
  fi
  # ---- 3. verify
  TO "$MAPLE" verify --json "$s" > "$TMP/v.json" 2> "$TMP/v.err"
  errs=$(jq -c '[.findings[]? | select(.severity=="error")]' "$TMP/v.json" 2>/dev/null || echo '[]')
  [ -n "$errs" ] || errs='[]'
  pl=$(jq -c '.planted' "$exp")
  if [ "$pl" = "null" ]; then
    correct=$((correct+1))
    if [ "$(jq 'length' <<<"$errs")" -gt 0 ]; then
      falsealarm=$((falsealarm+1))
      echo "FALSE  $base: $(jq -r 'map("\(.id): \(.message)") | join(" | ")' <<<"$errs" | head -c 400)"
    fi
  else
    planted=$((planted+1))
    pat=$(jq -r '.planted.pattern' "$exp")
    if jq -r '.[] | "\(.id)\n\(.message)"' <<<"$errs" | grep -Eq -- "$pat"; then
      caught=$((caught+1))
    else
      echo "MISSED $base: planted '$(jq -r .planted.what "$exp")' /$pat/; errors: $(jq -r 'map("\(.id): \(.message)") | join(" | ")' <<<"$errs" | head -c 300)"
    fi
  fi
done

# ---- 2. ports
np=0; portok=0
while IFS=$'\t' read -r base target want regex; do
  [ -n "$base" ] || continue
  np=$((np+1))
  s="$SCRIPTS/$base.sh"
  TO "$MAPLE" generate --json --from "$s" --to "$target" "account testproj" > "$TMP/g.json" 2> "$TMP/g.err"
  rc=$?
  case $rc in 0) got=ok ;; 2) got=refused ;; 3) got=incomplete ;; *) got="exit $rc" ;; esac
  if [ "$got" != "$want" ]; then
    why=$(jq -r '((.errors // []) + (.missing // [])) | join(" | ")' "$TMP/g.json" 2>/dev/null | head -c 300)
    echo "PORT   $base -> $target: want $want, got $got${why:+ ($why)}"
    continue
  fi
  case $want in
    ok)
      jq -r '.script // ""' "$TMP/g.json" > "$TMP/ported.sh"
      # (the same conventions: the port's constants read as their values, quotes aside)
      consts "$TMP/ported.sh" > "$TMP/pconsts.json"
      jq -Rrs --slurpfile m "$TMP/pconsts.json" "$NORM"' expand($m[0])' "$TMP/ported.sh" > "$TMP/ported.x"
      tr -d '"' < "$TMP/ported.x" > "$TMP/ported.xq"
      if ! grep -Eq -- "$regex" "$TMP/ported.sh" && ! grep -Eq -- "$regex" "$TMP/ported.x" &&
         ! grep -Eq -- "$regex" "$TMP/ported.xq"; then
        echo "PORT   $base -> $target: ported script lacks /$regex/"; continue
      fi
      TO "$MAPLE" verify --json --cluster "$target" "$TMP/ported.sh" > "$TMP/pv.json" 2>/dev/null
      perr=$(jq -r '[.findings[]? | select(.severity=="error") | "\(.id): \(.message)"] | join(" | ")' "$TMP/pv.json" 2>/dev/null)
      if [ ! -s "$TMP/pv.json" ] || ! jq -e . "$TMP/pv.json" >/dev/null 2>&1; then
        echo "PORT   $base -> $target: verify of the ported script gave no JSON"; continue
      fi
      if [ -n "$perr" ]; then
        echo "PORT   $base -> $target: ported script has errors: $(head -c 300 <<<"$perr")"; continue
      fi ;;
    refused)
      if ! jq -r '(.errors // []) | join("\n")' "$TMP/g.json" | grep -Eq -- "$regex"; then
        echo "PORT   $base -> $target: refused, but no reason matches /$regex/: $(jq -r '(.errors // []) | join(" | ")' "$TMP/g.json" | head -c 300)"; continue
      fi ;;
    incomplete)
      if ! jq -r '(.missing // []) | join("\n")' "$TMP/g.json" | grep -Eq -- "$regex"; then
        echo "PORT   $base -> $target: incomplete, but nothing missing matches /$regex/: $(jq -r '(.missing // []) | join(" | ")' "$TMP/g.json")"; continue
      fi ;;
  esac
  portok=$((portok+1))
done < "$PORTS"

echo "----"
echo "reading $readok/$total"
echo "ports $portok/$np"
echo "false alarms $falsealarm/$correct"
echo "planted caught $caught/$planted"
