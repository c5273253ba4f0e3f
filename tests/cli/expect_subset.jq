# expect_subset.jq - every leaf of $e (scalars, nulls, empty arrays and objects) must equal the same
# path in the input; prints the differences as a JSON array ([] when none). Used by inspect.sh,
# logs.sh and advise.sh with `jq --argjson e EXPECTED -f expect_subset.jq`.
. as $a
| [ $e | paths((type != "object" and type != "array") or . == [] or . == {}) as $p
    | select(($a | getpath($p)) != ($e | getpath($p)))
    | {path: ($p | map(tostring) | join(".")), want: ($e | getpath($p)), got: ($a | getpath($p))} ]
