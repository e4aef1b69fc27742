/* fatekit page bundle of sources 080ef0b95d68ab6a11d708e7acd3eba11cb679d2d1b75b92cb89ad7c5cc7cc80 */
import{H as a,I as b,J as c,K as d,L as e,M as f,N as g,O as h,P as i,Q as j,R as k,S as l,T as m}from"./chunk-CZIM3SOH.js";export{a as app,i as errorText,f as notify,d as openSeat,j as pressed,g as redraw,h as ruleReason,c as seatExtras,b as seatView,m as send,l as showError,k as showErrorBeside,e as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
