import '@hiram/shared/styles/base.css';
import './promotion.css';
import { mount } from '../common/mount';
import { PromotionPage } from './PromotionPage';

mount(PromotionPage);
