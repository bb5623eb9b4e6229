// The kit's loading and failure states, kept under their old address for the views that import them here.
export { Failed, Loading } from './kit/LoadStatus';
