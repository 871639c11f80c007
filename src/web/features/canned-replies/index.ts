export { useCannedReplies, useDeleteCannedReply, useSaveCannedReply } from './api/canned-replies';
export {
  CannedReplyPicker,
  PICKER_ID,
  useCannedReplyPicker,
  type CannedReplyPickerState,
} from './components/canned-reply-picker';
export { fillVariables, MISSING, perCoin, unfilledIn, type VariableValues } from './lib/fill';
export { useVariableValues } from './lib/use-variable-values';
export {
  CannedRepliesSection,
  MY_REPLIES_ID,
  MY_REPLIES_PATH,
} from './components/canned-replies-section';
