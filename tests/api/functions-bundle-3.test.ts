import { describeBundleShard } from '../helpers/function-bundles.ts';

// Share 3 of the functions, bundled as Netlify deploys them (tests/helpers/function-bundles.ts).
describeBundleShard(3);
