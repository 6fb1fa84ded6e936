import type { TOrderTile } from '@haulpro/shared/booking';
import {
  type Icon,
  IconBarbell,
  IconBriefcase,
  IconBuildingCommunity,
  IconBuildingStore,
  IconBuildingWarehouse,
  IconPackages,
  IconSofa,
  IconSparkles,
  IconTrash,
} from '@tabler/icons-react';

type TTileLook = { icon: Icon; color: string; blurb: string };

/** How each of the nine tiles looks: icon, colour and a one-line explanation. */
export const TILE_LOOK: Record<TOrderTile['key'], TTileLook> = {
  apartment: { icon: IconBuildingCommunity, color: 'blue', blurb: 'Homes and apartments, any size' },
  store_delivery: { icon: IconBuildingStore, color: 'grape', blurb: 'From the store to your door' },
  few_items: { icon: IconPackages, color: 'orange', blurb: 'A couch, a bed, a few boxes' },
  labor_only: { icon: IconBarbell, color: 'teal', blurb: 'Strong hands, your own truck' },
  declutter: { icon: IconSparkles, color: 'pink', blurb: 'Sort, carry out and tidy up' },
  used_item: { icon: IconSofa, color: 'violet', blurb: 'Pick up a marketplace find' },
  small_business: { icon: IconBriefcase, color: 'indigo', blurb: 'Offices, shops and studios' },
  storage: { icon: IconBuildingWarehouse, color: 'cyan', blurb: 'In or out of a storage unit' },
  junk_removal: { icon: IconTrash, color: 'red', blurb: 'Haul away what you no longer need' },
};
