-- Tenant administration (issue 12): what an administrator sets through /v1/tenant, personas
-- and skills. Every change is also a configuration.changed event in the tenant's
-- configuration stream, committed in the same transaction as the row it changes.

-- A tenant's own message rate (NULL: the engine's YOURAI_RATE_LIMIT_PER_MINUTE) and the
-- persona its conversations use when a message names none (NULL: no persona).
ALTER TABLE tenants ADD COLUMN IF NOT EXISTS rate_limit_per_minute integer
    CHECK (rate_limit_per_minute IS NULL OR rate_limit_per_minute BETWEEN 1 AND 100000);
ALTER TABLE tenants ADD COLUMN IF NOT EXISTS default_persona text;

-- Named instruction blocks added to the system prompt when one of their tool families
-- (policy, legislation, caselaw, external) runs, or when a persona names them. The engine's
-- built-in skills are in code (shared/skills.py), not here.
CREATE TABLE IF NOT EXISTS tenant_skills (
    tenant_id    text        NOT NULL,
    skill_id     text        NOT NULL CHECK (skill_id ~ '^[a-z0-9][a-z0-9_-]{0,39}$'),
    name         text        NOT NULL,
    instructions text        NOT NULL,
    tools        text[]      NOT NULL DEFAULT '{}',
    updated_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, skill_id)
);
CREATE UNIQUE INDEX IF NOT EXISTS tenant_skills_name ON tenant_skills (tenant_id, lower(name));

-- Who the assistant is for a conversation: instructions and tone for the model, an answer
-- style that also reshapes the offline answer, and skills always active with it.
CREATE TABLE IF NOT EXISTS tenant_personas (
    tenant_id    text        NOT NULL,
    persona_id   text        NOT NULL CHECK (persona_id ~ '^[a-z0-9][a-z0-9_-]{0,39}$'),
    name         text        NOT NULL,
    instructions text        NOT NULL DEFAULT '',
    tone         text        NOT NULL DEFAULT '',
    answer_style text        NOT NULL DEFAULT 'standard',
    skills       text[]      NOT NULL DEFAULT '{}',
    updated_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, persona_id)
);
CREATE UNIQUE INDEX IF NOT EXISTS tenant_personas_name ON tenant_personas (tenant_id, lower(name));
