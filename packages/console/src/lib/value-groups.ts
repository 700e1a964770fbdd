/** The value groups' names (U14), as the console shows them. */
export const GROUP_LABELS: Record<string, string> = {
  champions: 'Champions',
  loyal: 'Loyal',
  promising: 'Promising',
  at_risk: 'At risk',
  hibernating: 'Hibernating',
  regular: 'Regular',
};
