#!/bin/bash
# Build the kit's single-user image for Zero to JupyterHub from binder/ with repo2docker, and push it.
# NOT RUN on the project's machines (no docker there): see hub/k8s/README.md.
#   IMAGE=ghcr.io/your-school/wizard-edu-classroom hub/k8s/build-image.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
IMAGE="${IMAGE:-ghcr.io/your-school/wizard-edu-classroom}"
TAG="$(python3 hub/k8s/image_tag.py)"
if ! command -v repo2docker >/dev/null; then
  echo "repo2docker is missing: python3 -m pip install jupyter-repo2docker (and docker must run)" >&2
  exit 1
fi
# --target-repo-dir: the repository (and its notebooks) outside /home/jovyan, which the pupil's
# volume covers; the postStart hook in config.yaml copies the notebooks from there.
repo2docker --no-run --user-name jovyan --user-id 1000 --target-repo-dir /srv/wizard-edu \
  --image-name "$IMAGE:$TAG" .
docker push "$IMAGE:$TAG"
echo "Pushed $IMAGE:$TAG: singleuser.image in hub/k8s/config.yaml must name exactly this."
