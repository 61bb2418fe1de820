# Sourced by the bench/run.d scripts. `measure NAME URL` prints the p50 and p99 latency and the
# request rate of GET URL, signed in with $TOKEN, from wrk with 4 connections for $BENCH_DURATION
# (default 10s), after a second of warming up. It asks for fresh answers (`Cache-Control:
# no-cache`), so every request runs its queries; `measure_repeated` measures the same read asked
# again and again, which the server answers from its read cache while nothing is written.
measure_with() {
  local name=$1 url=$2 out
  shift 2
  wrk -t1 -c4 -d1s -H "Authorization: Bearer $TOKEN" "$@" "$url" > /dev/null
  out=$(wrk -t1 -c4 -d"${BENCH_DURATION:-10s}" --latency -H "Authorization: Bearer $TOKEN" "$@" "$url")
  printf '%-28s p50 %8s   p99 %8s   %s req/s\n' "$name" \
    "$(awk '/^ +50%/ {print $2}' <<< "$out")" "$(awk '/^ +99%/ {print $2}' <<< "$out")" \
    "$(awk '/Requests\/sec/ {print $2}' <<< "$out")"
}
measure() { measure_with "$1" "$2" -H "Cache-Control: no-cache"; }
measure_repeated() { measure_with "$1" "$2"; }
# `memory_split PID`: what the server holds now, split into its own (anonymous) memory and the
# pages of files it maps: the program, its libraries, and the database, of which each connection
# maps up to 1 GB (`PRAGMA mmap_size`), pages the kernel shares with its page cache and counts in
# every mapping's resident size.
memory_split() {
  awk '/^RssAnon/ {anon = $2} /^RssFile/ {file = $2}
    END {printf "%.1f MB its own, %.1f MB mapped files: the program, its libraries, the database", anon / 1024, file / 1024}' "/proc/$1/status"
}
# `memory PID [OWN_PEAK_FILE]`: the server's peak resident memory, and what it holds now
# (`memory_split`); with the file `watch_own_memory` writes, also the peak of its own memory.
memory() {
  awk '/^VmHWM/ {peak = $2} /^VmRSS/ {now = $2} END {printf "server peak resident memory: %.1f MB (now %.1f MB: ", peak / 1024, now / 1024}' "/proc/$1/status"
  echo "$(memory_split "$1"))"
  if [ -n "${2:-}" ]; then
    awk '{printf "peak of its own memory: %.1f MB (sampled every 50 ms; the peak above counts the mapped database too)\n", $1 / 1024}' "$2"
  fi
}
# `watch_own_memory PID FILE &`: samples the server's own (anonymous) memory every 50 ms while it
# runs, keeping the largest in FILE (KiB). The kernel has no high-water mark of its own for it:
# VmHWM counts the database's mapped pages, which are the kernel's page cache, not the server's.
watch_own_memory() {
  local pid=$1 file=$2 peak=0 now
  while now=$(awk '/^RssAnon/ {print $2}' "/proc/$pid/status" 2> /dev/null) && [ -n "$now" ]; do
    if [ "$now" -gt "$peak" ]; then peak=$now; echo "$peak" > "$file"; fi
    sleep 0.05
  done
}
