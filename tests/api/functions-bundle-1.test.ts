import { describeBundleShard } from '../helpers/function-bundles.ts';

// Share 1 of the functions, bundled as Netlify deploys them (tests/helpers/function-bundles.ts).
describeBundleShard(1);
