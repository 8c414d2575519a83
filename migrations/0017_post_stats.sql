-- What an ad does, per day (Europe/Bucharest calendar day `YYYY-MM-DD`): views of its page and
-- reveals of its phone, each visitor counted once a day. The counts are gathered by one Durable
-- Object per ad (src/stats/counter.ts) and added here in one statement per flush, never per view.
-- Favourites and messages are not copied here: their own tables already say when they happened.
CREATE TABLE `post_stats` (
	`post_id` integer NOT NULL,
	`day` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`reveals` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`post_id`, `day`)
);
