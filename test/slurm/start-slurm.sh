#!/usr/bin/env bash
# Starts a one-node Slurm cluster on this machine without systemd, for the test that submits an
# experiment as a job array (test/node/slurm-cluster.test.ts): munged, slurmctld and slurmd with a
# minimal slurm.conf (proctrack/linuxproc, task/none, no accounting, the machine's real CPUs and
# memory as `slurmd -C` reports them). Everything lives in one folder (default
# ${TMPDIR:-/tmp}/mapf-lab-slurm): config, munge key and socket, state, spool, logs, pid files.
# The daemons and clients talk over 127.0.0.1 on their own ports (default 16817-16818, not
# Slurm's 6817-6818, so a real installation's are left alone); Slurm has no setting to bind its
# listening sockets to one address, so they accept on every interface.
#
# Idempotent: running it again leaves running daemons alone and starts only what is down; a
# changed configuration restarts them. Exit 0 once the node accepts jobs (the last line says
# `export SLURM_CONF=...`, what clients need); otherwise exit 1 with the daemons' logs.
#   MAPF_SLURM_DIR   the folder (default above)
#   MAPF_SLURM_PORT  slurmctld's port; slurmd takes the next one (default 16817)
#   MAPF_SLURM_WAIT  seconds to wait for the node to come up (default 60)
#   --stop           stop the daemons this script started (by their pid files) and exit
set -uo pipefail

DIR="${MAPF_SLURM_DIR:-${TMPDIR:-/tmp}/mapf-lab-slurm}"
PORT="${MAPF_SLURM_PORT:-16817}"
WAIT="${MAPF_SLURM_WAIT:-60}"
CONF="$DIR/slurm.conf"
SOCKET="$DIR/munge/munge.socket"
export SLURM_CONF="$CONF"

say() { echo "start-slurm: $*" >&2; }

show_logs() {
  for log in "$DIR/munged.log" "$DIR/munged.out" "$DIR/slurmctld.log" "$DIR/slurmd.log" "$DIR/slurmctld.out" "$DIR/slurmd.out"; do
    [ -s "$log" ] && { echo "----- $log (last 40 lines)" >&2; tail -n 40 "$log" >&2; }
  done
}

fail() {
  say "$*"
  show_logs
  exit 1
}

# The pid in FILE if that process is alive.
alive() { local pid; pid="$(cat "$1" 2>/dev/null)" && [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && echo "$pid"; }

stop_daemons() {
  local name pid
  for name in slurmd slurmctld munged; do
    if pid="$(alive "$DIR/$name.pid")"; then
      kill "$pid" 2>/dev/null
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null
    fi
  done
}

if [ "${1:-}" = "--stop" ]; then
  stop_daemons
  say "stopped"
  exit 0
fi

for tool in munged mungekey slurmctld slurmd sbatch scontrol sinfo; do
  command -v "$tool" >/dev/null 2>&1 || fail "'$tool' is not installed (Debian: apt-get install slurm-wlm munge)"
done
[ "$(id -u)" = 0 ] || fail "run as root: the one-node cluster runs its daemons and jobs as root (SlurmUser=root)"

mkdir -p "$DIR/munge" "$DIR/state" "$DIR/spool" || fail "cannot create $DIR"
chmod 700 "$DIR" "$DIR/munge"

# The node as the hardware reports it, named localhost: "CPUs=2 Boards=1 ... RealMemory=24105".
hardware="$(slurmd -C 2>/dev/null | head -n 1 | sed -E 's/^NodeName=[^ ]+ //')"
[[ "$hardware" == CPUs=* ]] || fail "slurmd -C did not describe this machine (got '$hardware')"

config="# Written by test/slurm/start-slurm.sh: a one-node cluster for tests.
ClusterName=mapflab
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$PORT
SlurmdPort=$((PORT + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$SOCKET
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/slurmctld.log
SlurmdLogFile=$DIR/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
MailProg=/bin/true
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
# sbatch --wait polls every 2 s, then every min(32, MinJobAge/2) s: keep the polls short.
MinJobAge=10
# A job whose dependency can never be met (afterok on a failed job) is cancelled, not left pending.
DependencyParameters=kill_invalid_depend
NodeName=localhost NodeAddr=127.0.0.1 $hardware State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
"

if [ -f "$CONF" ] && [ "$(cat "$CONF")" != "$(printf '%s' "$config")" ]; then
  say "the configuration changed: restarting the daemons with a clean state"
  stop_daemons
  rm -rf "$DIR/state" && mkdir -p "$DIR/state"
fi
printf '%s' "$config" > "$CONF"

# munged with its own key and socket, so the system's (if any) is left alone.
if ! munge -n -S "$SOCKET" 2>/dev/null | unmunge -S "$SOCKET" >/dev/null 2>&1; then
  [ -s "$DIR/munge/munge.key" ] || mungekey -c -k "$DIR/munge/munge.key" || fail "mungekey could not create a key"
  chmod 600 "$DIR/munge/munge.key"
  rm -f "$SOCKET" "$SOCKET.lock"
  munged --force --socket="$SOCKET" --key-file="$DIR/munge/munge.key" --pid-file="$DIR/munged.pid" \
    --log-file="$DIR/munged.log" --seed-file="$DIR/munge/munged.seed" </dev/null >"$DIR/munged.out" 2>&1 || fail "munged did not start"
  for _ in $(seq 1 50); do
    munge -n -S "$SOCKET" 2>/dev/null | unmunge -S "$SOCKET" >/dev/null 2>&1 && break
    sleep 0.1
  done
  munge -n -S "$SOCKET" 2>/dev/null | unmunge -S "$SOCKET" >/dev/null 2>&1 || fail "munged does not answer on $SOCKET"
fi

if ! alive "$DIR/slurmctld.pid" >/dev/null; then
  # A controller that is not running has nothing worth keeping: start from a clean state.
  rm -rf "$DIR/state" && mkdir -p "$DIR/state"
  slurmctld -f "$CONF" -i </dev/null >"$DIR/slurmctld.out" 2>&1 || fail "slurmctld did not start"
fi
if ! alive "$DIR/slurmd.pid" >/dev/null; then
  slurmd -f "$CONF" -N localhost </dev/null >"$DIR/slurmd.out" 2>&1 || fail "slurmd did not start"
fi

# Bounded wait: the controller answers, then the node is up (idle, mixed or allocated).
deadline=$((SECONDS + WAIT))
state=""
while [ $SECONDS -lt $deadline ]; do
  if scontrol ping 2>/dev/null | grep -q 'is UP'; then
    state="$(sinfo -h -N -n localhost -o '%T' 2>/dev/null | head -n 1)"
    case "$state" in
      idle*|mixed*|allocated*|completing*) say "one-node cluster up (node localhost $state, $hardware)"; echo "export SLURM_CONF=$CONF"; exit 0 ;;
      down*|drain*) scontrol update nodename=localhost state=resume >/dev/null 2>&1 ;;
    esac
  fi
  sleep 0.5
done
fail "the node did not come up within ${WAIT} s (controller: $(scontrol ping 2>&1 | tr '\n' ' '); node state: '${state:-unknown}')"
