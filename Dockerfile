# YourAI Engine: one image for every service; Kubernetes picks the service with
# `command: ["yourai", "serve", "<name>"]` (see deploy/k8s/).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    YOURAI_HOST=0.0.0.0 \
    YOURAI_DATA_DIR=/tmp/yourai

WORKDIR /app
# pip installs the dependencies and the `yourai` command. prompts/ and samples/ are not Python
# packages, so pip leaves them out; shared/prompts.py and cli/up.py find them next to the
# imported code, hence PYTHONPATH puts the source tree in /app ahead of the installed copy.
ENV PYTHONPATH=/app
COPY . .
RUN pip install . \
    && groupadd --system --gid 10001 yourai \
    && useradd --system --uid 10001 --gid 10001 --home-dir /app --no-create-home yourai

USER 10001:10001
EXPOSE 8000
ENTRYPOINT ["yourai"]
