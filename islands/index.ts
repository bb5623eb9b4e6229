import AdminDashboard from './AdminDashboard';
import AdminLogin from './AdminLogin';
import EnquirePanel from './EnquirePanel';
import InlineForm from './InlineForm';
import MobileMenu from './MobileMenu';
import PortfolioFilter from './PortfolioFilter';
import PortfolioSlider from './PortfolioSlider';
import QuotePopup from './QuotePopup';
import RegionOfferModal from './RegionOfferModal';
import TestimonialsSlider from './TestimonialsSlider';

/**
 * Every island by name. The name must match its file (`islands/<Name>.tsx`): the build makes one
 * bundle entry per file and the server looks the bundle up by this name.
 */
export const islands = {
  AdminDashboard,
  AdminLogin,
  EnquirePanel,
  InlineForm,
  MobileMenu,
  PortfolioFilter,
  PortfolioSlider,
  QuotePopup,
  RegionOfferModal,
  TestimonialsSlider,
};

export type IslandName = keyof typeof islands;
