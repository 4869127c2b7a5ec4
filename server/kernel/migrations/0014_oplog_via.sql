-- How a change came in (decision 0094): every record write names its way in (api, import, workflow, rule, etl,
-- device, install, …) and, for a service identity, which one ("rule:12"), so an auditor tells a rule's change from
-- the member's own. Earlier entries were all made through the API or an import.
alter table oplog add column via text check (length(via) <= 20);
alter table oplog add column via_service text check (length(via_service) <= 120);
