// The one script of the list pages and the draft preview page: each part acts only where its root
// element is present. One entry, so the browser fetches a single file (no chunk waterfall).
import './list-client.ts';
import './preview-client.ts';
