export { createRequest, previewRequest, type RequestInput } from './create-request.js';
export { approveRequest, rejectRequest, cancelRequest } from './decide-request.js';
export { expireRequests } from './expire-requests.js';
export { listRequestsOf, listRequestsOfBank, listClassmates } from './list-requests.js';
