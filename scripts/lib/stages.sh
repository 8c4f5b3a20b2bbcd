# Sourced by scripts/test.sh and Worker/scripts/test.sh: `stage NAME COMMAND...` runs a
# command and writes how long it took to the file REMO_STAGE_TIMES, which the outermost
# script makes and prints at its end, also when a stage fails.

if [ -z "${REMO_STAGE_TIMES:-}" ]; then
    REMO_STAGE_TIMES=$(mktemp)
    export REMO_STAGE_TIMES
    stages_print() {
        local status=$?
        echo "Where the time went:" >&2
        sed 's/^/  /' "$REMO_STAGE_TIMES" >&2
        rm -f "$REMO_STAGE_TIMES"
        return $status
    }
    trap stages_print EXIT
fi

# Its status is the command's: a stage called where `set -e` does not reach (in `a || b`, in
# a condition) must still fail.
stage() {
    local name=$1 started=$SECONDS status=0
    shift
    echo "== $name" >&2
    "$@" || status=$?
    if [ $status -eq 0 ]; then
        printf '%-34s %5d s\n' "$name" $((SECONDS - started)) >>"$REMO_STAGE_TIMES"
    else
        # Said here as well: a command killed by a signal may have said nothing.
        echo "== $name failed (exit status $status)" >&2
        printf '%-34s %5d s  failed (exit status %d)\n' "$name" $((SECONDS - started)) $status >>"$REMO_STAGE_TIMES"
    fi
    return $status
}
