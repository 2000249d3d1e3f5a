# Maester in a container: python bot.py, as `make run` does, under an unprivileged user.
#   docker compose up -d                                  (compose.yaml: the bot and PostgreSQL)
#   docker build -t maester . && docker run -d --env-file .env -v maester-data:/data maester
#                                                         (alone: the games in a SQLite file in /data)
FROM python:3.12-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# The dependencies first, as pyproject.toml lists them: this layer is built again only when they change.
COPY pyproject.toml ./
RUN python -c "import tomllib; print(*tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies'], sep='\n')" \
        > /tmp/requirements.txt \
    && pip install -r /tmp/requirements.txt \
    && rm /tmp/requirements.txt

# The bot as it is in the repository (.dockerignore leaves out tests, docs, secrets and databases).
COPY . .

RUN useradd --system --user-group --uid 10001 --home-dir /data --no-create-home maester \
    && mkdir /data \
    && chown maester:maester /data
USER maester

# SQLite in the volume unless MAESTER_DATABASE says otherwise (compose.yaml gives a PostgreSQL URL). The
# bot runs in /data, so that a relative file name (.env.example's maester.sqlite3) lands there too.
ENV MAESTER_DATABASE=/data/maester.sqlite3
VOLUME ["/data"]
WORKDIR /data

CMD ["python", "/app/bot.py"]
