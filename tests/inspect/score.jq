# score.jq - scores one `maple inspect --json` result (the input) against an expected file ($e):
# one check per field, grouped as entry, framework, strategy, model (model and params, params
# within 10%), hyperparameters (one per key), datasets (one per expected entry, in any order) and
# other (precision, launcher, sources); `unknown: {field: why}` fields must be empty with a reason
# in the result's `unknown` object. Keys starting with "_" are notes, not fields.
# Prints [{cat, field, ok, want, got}].
def near($a; $b): ($a != null) and ($b != null) and ((($a - $b) | fabs) <= 0.1 * ($b | fabs));
. as $a
| [ $e | to_entries[] | select(.key | startswith("_") | not) as $f
    | if $f.key == "hyperparameters" then
        ($f.value | to_entries[] | {cat: "hyperparameters", field: ("hyperparameters." + .key), want: .value,
                                    got: $a.hyperparameters[.key]} | .ok = (.want == .got))
      elif $f.key == "datasets" then
        ($f.value[] as $d | {cat: "datasets", field: "datasets", want: $d, got: $a.datasets,
                             ok: (($a.datasets // []) | index([$d]) != null)})
      elif $f.key == "unknown" then
        # a field maple must leave empty and say why: {"precision": "the reason as the fixture's author saw it"}
        ($f.value | keys[] as $k
         | {cat: (if ($k | IN("model", "params")) then "model" elif $k == "datasets" then "datasets"
                  elif ($k | startswith("hyperparameters.")) then "hyperparameters" else "other" end),
            field: ("unknown." + $k), want: "a reason, and no value",
            got: {value: (if $k == "datasets" then $a.datasets
                          elif ($k | startswith("hyperparameters.")) then $a.hyperparameters[$k[16:]]
                          else ($a | getpath($k | split("."))) end), why: $a.unknown[$k]}}
         | .ok = ((.got.why | type) == "string" and (.got.why | length) > 0
                  and (.got.value == null or .got.value == [])))
      elif $f.key == "params" then
        {cat: "model", field: "params", want: $f.value, got: $a.params, ok: near($a.params; $f.value)}
      elif ($f.key | IN("entry", "framework", "strategy", "model")) then
        {cat: (if $f.key == "model" then "model" else $f.key end), field: $f.key, want: $f.value, got: $a[$f.key],
         ok: ($a[$f.key] == $f.value)}
      elif ($f.value | type) != "object" and ($f.value | type) != "array" then
        {cat: "other", field: $f.key, want: $f.value, got: $a[$f.key], ok: ($a[$f.key] == $f.value)}
      else
        ($f.value | paths((type != "object" and type != "array") or . == [] or . == {})) as $p
        | {cat: "other", field: ([$f.key] + ($p | map(tostring)) | join(".")), want: ($f.value | getpath($p)),
           got: ($a[$f.key] | getpath($p))} | .ok = (.want == .got)
      end ]
