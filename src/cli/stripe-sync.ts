// `npm run stripe:sync`: the product and the 16 prices in the Stripe account of STRIPE_SECRET_KEY
// (at STRIPE_API_BASE). Prints what it created and what it found.
import { syncStripeAccount } from "../billing";
import { ConfigError, loadConfig } from "../config";

try {
  const config = loadConfig();
  if (!config.STRIPE_SECRET_KEY) throw new ConfigError("Set STRIPE_SECRET_KEY to the Stripe account to sync.");
  const result = await syncStripeAccount(config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE);
  console.log(`Product ${result.productCreated ? "created" : "found"}; prices created: ${result.created.length}, already there: ${result.kept.length}.`);
  for (const key of result.created) console.log(`  created ${key}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
