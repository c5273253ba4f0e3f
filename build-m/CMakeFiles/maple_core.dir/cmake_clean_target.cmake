file(REMOVE_RECURSE
  "libmaple_core.a"
)
