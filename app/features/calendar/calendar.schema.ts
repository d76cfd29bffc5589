import { z } from "zod";

// The calendar feed's one form (calendar-feed-panel.tsx): the button that resets the feed's link.

export const ResetCalendarFeedSchema = z.object({ intent: z.literal("reset") });
