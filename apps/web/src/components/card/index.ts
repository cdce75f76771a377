export { CARD_TOGGLE_MS, CollapsibleCard, type CollapsibleCardProps } from './collapsible-card';
