#!/bin/bash
# ping.sh rounds secs ports...
R=$1; S=$2; shift 2
TCK=$(getconf CLK_TCK)
for r in $(seq $R); do for port in "$@"; do
  PID=$(pgrep -f "server.port=$port")
  a=$(awk '{print $14+$15}' /proc/$PID/stat)
  out=$(taskset -c 0 wrk -t1 -c${C:-8} -d${S}s http://127.0.0.1:$port/api/ping)
  b=$(awk '{print $14+$15}' /proc/$PID/stat)
  n=$(echo "$out" | grep -oP '\d+(?= requests in)')
  rps=$(echo "$out" | grep -oP 'Requests/sec:\s+\K[\d.]+')
  echo "$r $port $rps $(echo "scale=2; ($b-$a)*1000000/$TCK/$n" | bc)"
done; done
