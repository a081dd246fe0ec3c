-- Whether a domain's earned carbon badge (/badge/{name}.svg) and its evidence page (/carbon/{name})
-- are served: they publish the site's monthly figures, so only its owner turns them on; off by default.
ALTER TABLE domains ADD COLUMN carbon_badge boolean NOT NULL DEFAULT false;
