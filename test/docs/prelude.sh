# Sourced before a document's blocks by test/docs/examples.ts (see docs/README.md).
# Failures and curl calls are written to files, not shell variables: curl often runs in a pipeline
# or a command substitution, that is in a subshell.
set -eo pipefail
shopt -s inherit_errexit
__fail() { [[ -e $__DOCS_DIR/failure ]] || printf '%s\t%s' "$1" "$2" > "$__DOCS_DIR/failure"; }
trap '__status=$?; __fail "$LINENO" "exit status $__status: $BASH_COMMAND"' ERR
__pending() {
  if [[ -s $__DOCS_DIR/expect ]]; then
    __fail "$(<"$__DOCS_DIR/expect-line")" "expect $(<"$__DOCS_DIR/expect") is not followed by a curl command"
    return 1
  fi
}
__expect() { __pending; printf '%s\n' "$1" > "$__DOCS_DIR/expect"; printf '%s' "${BASH_LINENO[0]}" > "$__DOCS_DIR/expect-line"; }
curl() {
  local line=${BASH_LINENO[0]} expected=2xx status=000 body=$__DOCS_DIR/body.$BASHPID
  if [[ -s $__DOCS_DIR/expect ]]; then read -r expected < "$__DOCS_DIR/expect"; : > "$__DOCS_DIR/expect"; fi
  printf '%s\n' "$line" >> "$__DOCS_DIR/calls"
  : > "$body"
  command curl -sS --max-time 30 -o "$body" -w '%{http_code}' "$@" > "$__DOCS_DIR/status" 2> "$__DOCS_DIR/curl-stderr" || true
  read -r status < "$__DOCS_DIR/status" || true
  cat "$body"
  if [[ $expected == 2xx && $status == 2?? ]] || [[ $status == "$expected" ]]; then return 0; fi
  __fail "$line" "curl $(printf '%q ' "$@")
answered $status, expected $expected: $(head -c 2000 "$body")$(head -c 500 "$__DOCS_DIR/curl-stderr")"
  return 1
}
