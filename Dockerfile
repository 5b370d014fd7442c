# groundgate as a container action. The runner mounts the repository at /github/workspace and
# runs as root there, so there is no USER and no WORKDIR; the entrypoint is absolute, exec form.
# action.yml builds this file on main; a release (.github/workflows/release.yml) pushes it for linux/amd64
# and linux/arm64 to ghcr.io/<owner>/<repository> and commits an action.yml that names it by digest.
# The base is pinned by digest and is the Python CI tests on (3.11); every install below is hash-pinned.
FROM python:3.11.10-slim-bookworm@sha256:5148c0e4bbb64271bca1d3322360ebf4bfb7564507ae32dd639322e4952a6b16

ENV PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1

# The same hash-pinned lock the tests install, and the build backend, hash-pinned too.
COPY requirements.lock requirements-build.lock /opt/groundgate/
RUN python -m venv /opt/groundgate/venv \
 && /opt/groundgate/venv/bin/pip install --require-hashes \
      -r /opt/groundgate/requirements.lock -r /opt/groundgate/requirements-build.lock

COPY pyproject.toml README.md /opt/groundgate/src/
COPY groundgate /opt/groundgate/src/groundgate
# No build isolation: the pinned setuptools above builds it, nothing is downloaded. Byte-compile at
# build time: the SDK's cold import takes seconds without a bytecode cache.
RUN /opt/groundgate/venv/bin/pip install --no-deps --no-build-isolation /opt/groundgate/src \
 && /opt/groundgate/venv/bin/python -m compileall -q -j 0 /opt/groundgate/venv

COPY entrypoint.py /opt/groundgate/entrypoint.py
ENTRYPOINT ["/opt/groundgate/venv/bin/python", "/opt/groundgate/entrypoint.py"]
