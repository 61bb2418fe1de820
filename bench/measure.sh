# Sourced by the bench/run.d scripts. `measure NAME URL` prints the p50 and p99 latency and the
# request rate of GET URL, signed in with $TOKEN, from wrk with 4 connections for $BENCH_DURATION
# (default 10s), after a second of warming up.
measure() {
  local out
  wrk -t1 -c4 -d1s -H "Authorization: Bearer $TOKEN" "$2" > /dev/null
  out=$(wrk -t1 -c4 -d"${BENCH_DURATION:-10s}" --latency -H "Authorization: Bearer $TOKEN" "$2")
  printf '%-28s p50 %8s   p99 %8s   %s req/s\n' "$1" \
    "$(awk '/^ +50%/ {print $2}' <<< "$out")" "$(awk '/^ +99%/ {print $2}' <<< "$out")" \
    "$(awk '/Requests\/sec/ {print $2}' <<< "$out")"
}
