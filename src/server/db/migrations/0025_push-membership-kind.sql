-- A device's notifications switch was on only with all of its role's kinds: the new kind
-- 'membership' joins every device already subscribed, so the switch stays on.
UPDATE "push_subscriptions" SET "kinds" = array_append("kinds", 'membership') WHERE NOT ('membership' = ANY("kinds"));
