# groundgate as a container action. The runner mounts the repository at /github/workspace and
# runs as root there, so there is no USER and no WORKDIR; the entrypoint is absolute, exec form.
FROM python:3.12-slim

ENV PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1

# The same hash-pinned lock the tests install.
COPY requirements.lock /opt/groundgate/requirements.lock
RUN python -m venv /opt/groundgate/venv \
 && /opt/groundgate/venv/bin/pip install --require-hashes -r /opt/groundgate/requirements.lock

COPY pyproject.toml README.md /opt/groundgate/src/
COPY groundgate /opt/groundgate/src/groundgate
# Byte-compile at build time: the SDK's cold import takes seconds without a bytecode cache.
RUN /opt/groundgate/venv/bin/pip install --no-deps /opt/groundgate/src \
 && /opt/groundgate/venv/bin/python -m compileall -q -j 0 /opt/groundgate/venv

COPY entrypoint.py /opt/groundgate/entrypoint.py
ENTRYPOINT ["/opt/groundgate/venv/bin/python", "/opt/groundgate/entrypoint.py"]
