// The carbon room: SWD v4 grams per visit, the Ecoindex grade, the green-hosting client, a site's carbon.txt claims and energy units. It has no
// routes of its own; the inspector and the stats API call it.
export { perVisit, RATING_SCALE, ratingOf, SWD_MODEL } from "./co2";
export { greenCheck, greenLabel, type GreenCheck } from "./greencheck";
export { lookupCarbonTxt, type CarbonTxt } from "./carbontxt";
export { carKm, GRAMS_PER_KM, formatBytes, formatMass, historyKb, streamingHours } from "../shared/units";
export { ecoindex, type Ecoindex } from "./ecoindex";
