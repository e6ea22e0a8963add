/** Server side of /clients/:id (docs/product.md, Trust and safety). */
export { getClientReputation, listClientReviews } from "../../server/clients/reputation";
export { NotFoundError } from "../../server/errors";
export { blockState } from "../../server/blocks/service";
