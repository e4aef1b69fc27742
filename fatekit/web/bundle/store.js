/* fatekit page bundle of sources 8424a9be29c36229da46fde5584a757a99ccc7846b361aa5688e6164c868d385 */
import{G as a,H as b,I as c,J as d,K as e,L as f,M as g,N as h,O as i,P as j,Q as k,R as l,S as m}from"./chunk-VVPSNIXG.js";export{a as app,i as errorText,f as notify,d as openSeat,j as pressed,g as redraw,h as ruleReason,c as seatExtras,b as seatView,m as send,l as showError,k as showErrorBeside,e as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
