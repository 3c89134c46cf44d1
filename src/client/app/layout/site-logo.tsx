export { SiteLogoLink as SiteLogo } from '../../components/layout/site-logo-link.js';
