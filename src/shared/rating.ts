// A CO2 rating grades the grams per visit of a range: without a visit there is nothing to grade,
// and the scale's best letter ("0 g · A+") would praise a site nobody opened. The dashboard and
// the weekly report mail both show a rating through this rule.

/** What stands for the rating (and the grams per visit) when the range had no visits. */
export const NO_VISITS = "No visits yet";

/** The letter to show for a range's grams per visit, or null when the range had no visits. */
export const visitRating = <L extends string>(visits: number, rating: L): L | null => (visits > 0 ? rating : null);
