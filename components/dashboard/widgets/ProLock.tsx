// The notice a section shows instead of data its plan does not unlock (Energy &
// Carbon and Events are Pro): the Pro promo block, naming the feature.
import { ProPromo } from "../../pricing/ProPromo";

export function ProLock({ feature }: { feature: string }) {
  return <ProPromo message={`${feature} is a Pro feature`} />;
}
